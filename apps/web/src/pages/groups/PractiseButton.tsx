import type { GroupRoutine } from "@stepsync/contracts";
import { Play } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "../../components/Button";

/**
 * "Practise the routine": the compare screen with the group's routine as the reference (record a take
 * dancing along, or pick a video). A take of the routine counts for the group with no extra step.
 */
export function PractiseButton({ routine, size = "md" }: { routine: GroupRoutine | null; size?: "sm" | "md" | "lg" }) {
  const navigate = useNavigate();
  if (!routine || routine.pose_status === "failed") return null;
  return (
    <Button
      size={size}
      icon={<Play className="size-4" aria-hidden />}
      onClick={() =>
        navigate("/compare", {
          state: {
            referenceVideo: {
              id: routine.reference_video_id,
              title: routine.title,
              category: routine.category,
              duration: routine.duration_s ?? undefined,
              videoUrl: routine.file_url,
            },
          },
        })
      }
    >
      Practise the routine
    </Button>
  );
}
