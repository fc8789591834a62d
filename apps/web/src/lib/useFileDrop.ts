import { type DragEvent, useState } from "react";

/**
 * A drop zone's drag handling: `dragging` while files hover over it, and the dropped files handed to
 * `onDrop` (the browser's own "open the file" on drop is prevented).
 */
export function useFileDrop(onDrop: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      onDrop(e.dataTransfer.files);
    },
  };
  return { dragging, dropProps };
}
