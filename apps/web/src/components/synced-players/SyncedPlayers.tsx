import type { CompactTrack, LimbScores } from "@stepsync/contracts";
import { type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import type { Ghost } from "../../lib/ghost-pose";
import type { TimeMap } from "@stepsync/contracts";
import { SkeletonKey } from "../PoseOverlay";
import { cx } from "../cx";
import { type PlayerLayout, phoneArrangement, readLayout, saveLayout } from "./layout";
import { PlaybackControls } from "./PlaybackControls";
import { PlayerPanel } from "./PlayerPanel";
import { frameRate, nextSpeed, type PracticeLoop } from "./practice";
import { type ShortcutAction, shortcutFor } from "./shortcuts";
import { type SyncedPlayersHandle, useSyncedPlayback, type Which } from "./useSyncedPlayback";

export type { SyncedPlayersHandle } from "./useSyncedPlayback";

/**
 * The reference and the user's video, each in a box of its own shape (side by side; on phones side
 * by side or stacked by their shapes, or picture-in-picture: see layout.ts), playing in step: the
 * reference leads, the user video follows through the engine's time map (useSyncedPlayback).
 * Practice controls and their keys: speeds, the parent's loop, frame steps, mirror, skeleton, ghost.
 */
export function SyncedPlayers({
  referenceUrl,
  userUrl,
  timeMap,
  tracks,
  problematicJoints,
  limbScores = null,
  ghost = null,
  judged = true,
  onTime,
  loop,
  onStopLoop,
  onLoopHere,
  mirroredAtStart = false,
  startAt,
  renderTimeline,
  ref,
}: {
  referenceUrl: string;
  userUrl: string;
  timeMap: TimeMap | null | undefined;
  tracks: { reference: CompactTrack; user: CompactTrack } | null;
  problematicJoints: ReadonlyArray<string>;
  /** Colours the user's skeleton limb by limb (results.limb_scores). */
  limbScores?: LimbScores | null;
  /** The teacher's pose mapped onto the user's video; null when the routines do not pair up. */
  ghost?: Ghost | null;
  /** False when the routines do not match: the skeleton is then only a pose, its key claims nothing. */
  judged?: boolean;
  onTime?: (refTime: number) => void;
  /** Keep both videos looping over this span of the reference (seconds), named on its chip; null: no loop. */
  loop?: PracticeLoop | null;
  /** The loop chip's ×. */
  onStopLoop?: () => void;
  /** The L key: loop (or stop looping) what has the focus (`focused`: the key's target) or plays at this reference time. */
  onLoopHere?: (refTime: number, focused: EventTarget | null) => void;
  /** Start with the reference mirrored (the engine found the user dancing mirror-wise). */
  mirroredAtStart?: boolean;
  /** Where both videos stand once loaded (reference seconds): a practised part's start. */
  startAt?: number;
  /** Under the scrubber, given the reference's length in seconds (0 until known). */
  renderTimeline?: (length: number) => ReactNode;
  ref?: Ref<SyncedPlayersHandle>;
}) {
  const playback = useSyncedPlayback({
    timeMap,
    onTime,
    loop,
    frameFps: frameRate(tracks?.reference.fps),
    handle: ref,
  });
  const [showSkeleton, setShowSkeleton] = useState(true);
  const [showGhost, setShowGhost] = useState(false);
  const [mirrored, setMirrored] = useState(mirroredAtStart);
  const [layout, setLayout] = useState<PlayerLayout>(readLayout);
  const [aspects, setAspects] = useState<Record<Which, number | null>>({ reference: null, user: null });
  const [helpOpen, setHelpOpen] = useState(false);
  const hasSkeleton = Boolean(tracks);
  const hasGhost = Boolean(ghost);
  // On a phone: two upright videos side by side, else one above the other (the pip layout stacks nothing).
  const side = layout === "both" && phoneArrangement([aspects.reference, aspects.user]) === "side";

  const act = (action: ShortcutAction, target: EventTarget | null) => {
    switch (action.kind) {
      case "toggle":
        if (!playback.loading) playback.toggle();
        return;
      case "seek":
        playback.seekBy(action.by);
        return;
      case "frame":
        playback.step(action.dir);
        return;
      case "loop":
        onLoopHere?.(playback.refVideo.current?.currentTime ?? playback.time, target);
        return;
      case "mirror":
        setMirrored((m) => !m);
        return;
      case "speed":
        if (!playback.loading) playback.changeSpeed(nextSpeed(playback.speed, action.dir));
        return;
      case "skeleton":
        if (hasSkeleton) setShowSkeleton((v) => !v);
        return;
      case "ghost":
        if (hasGhost) setShowGhost((v) => !v);
        return;
      case "help":
        setHelpOpen((o) => !o);
        return;
    }
  };
  // A practised part opens at its own start, once, when both videos can seek.
  const placedAtStart = useRef(false);
  const { loading, seek } = playback;
  useEffect(() => {
    if (startAt === undefined || placedAtStart.current || loading) return;
    placedAtStart.current = true;
    seek(startAt);
  }, [startAt, loading, seek]);

  const actRef = useRef(act);
  actRef.current = act;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      // The page would otherwise scroll on space and the arrows.
      event.preventDefault();
      actRef.current(action, event.target);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const panel = (which: Which) => (
    <PlayerPanel
      which={which}
      videoRef={which === "reference" ? playback.refVideo : playback.userVideo}
      src={which === "reference" ? referenceUrl : userUrl}
      track={which === "reference" ? tracks?.reference : tracks?.user}
      problematicJoints={problematicJoints}
      showSkeleton={showSkeleton}
      limbScores={which === "user" ? limbScores : null}
      ghost={which === "user" ? ghost : null}
      showGhost={which === "user" && showGhost}
      mirrored={which === "reference" && mirrored}
      placement={which === "reference" && layout === "pip" ? "pip" : side ? "side" : "main"}
      aspect={aspects[which]}
      onAspect={(aspect) => setAspects((a) => (a[which] === aspect ? a : { ...a, [which]: aspect }))}
      ready={playback.ready[which]}
      error={playback.errors[which]}
      onLoaded={() => playback.loaded(which)}
      onFailed={(code) => playback.failed(which, code)}
    />
  );

  return (
    <div className="space-y-3 sm:space-y-4">
      <div
        // --player-h caps each box's height so the pair, the key and the controls' first row fit a
        // screen: on a phone side by side or stacked (each ~40% of it), the picture-in-picture's
        // main video a little more; side by side on wider screens. Side by side the boxes (same
        // height) line up at the bottom, so a caption that wraps in a narrow column does not push
        // its box down.
        className={cx(
          "relative flex md:flex-row md:items-end md:justify-center md:gap-4 md:[--player-h:min(70svh,720px)]",
          side ? "flex-row items-end justify-center gap-2 [--player-h:56svh]" : "flex-col items-center gap-3",
          !side && (layout === "pip" ? "[--player-h:75svh]" : "[--player-h:40svh]"),
        )}
        data-testid="players"
        data-layout={layout}
        data-arrangement={side ? "side" : layout === "pip" ? "pip" : "stacked"}
      >
        {panel("reference")}
        {panel("user")}
      </div>
      {/* Always in its place (entries switched off stay, invisible): the switches never move the videos. */}
      <SkeletonKey
        scored={limbScores ? "limbs" : judged ? "joints" : "none"}
        skeleton={{ available: hasSkeleton, shown: showSkeleton }}
        ghost={{ available: hasGhost, shown: showGhost }}
      />
      {playback.playError ? (
        <p role="alert" className="text-sm text-rose-300">
          {playback.playError}
        </p>
      ) : null}
      <PlaybackControls
        loading={playback.loading}
        playing={playback.playing}
        time={playback.time}
        duration={playback.duration}
        speed={playback.speed}
        loop={playback.span && loop ? loop : null}
        aligned={playback.aligned}
        syncState={playback.syncState}
        skeleton={{ shown: showSkeleton, available: hasSkeleton, onToggle: () => setShowSkeleton((v) => !v) }}
        ghost={{ shown: showGhost, available: hasGhost, onToggle: () => setShowGhost((v) => !v) }}
        mirror={{ on: mirrored, onToggle: () => setMirrored((m) => !m) }}
        layout={{
          value: layout,
          onChange: (next) => {
            setLayout(next);
            saveLayout(next);
          },
        }}
        help={{ open: helpOpen, onOpenChange: setHelpOpen }}
        timeline={renderTimeline?.(playback.duration)}
        onToggle={playback.toggle}
        onSeek={playback.seek}
        onRestart={playback.restart}
        onSpeed={playback.changeSpeed}
        onStep={playback.step}
        onStopLoop={() => onStopLoop?.()}
      />
    </div>
  );
}
