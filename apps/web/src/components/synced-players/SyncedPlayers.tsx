import type { CompactTrack } from "@stepsync/contracts";
import { type Ref, useState } from "react";
import type { LoopSpan, TimeMap } from "../../lib/sync";
import { PlaybackControls } from "./PlaybackControls";
import { PlayerPanel } from "./PlayerPanel";
import { type SyncedPlayersHandle, useSyncedPlayback, type Which } from "./useSyncedPlayback";

export type { SyncedPlayersHandle } from "./useSyncedPlayback";

/**
 * The reference and the user's video side by side (stacked on phones), playing in step: the
 * reference leads, the user video follows through the engine's time map (useSyncedPlayback).
 */
export function SyncedPlayers({
  referenceUrl,
  userUrl,
  timeMap,
  tracks,
  problematicJoints,
  onTime,
  loop,
  ref,
}: {
  referenceUrl: string;
  userUrl: string;
  timeMap: TimeMap | null | undefined;
  tracks: { reference: CompactTrack; user: CompactTrack } | null;
  problematicJoints: ReadonlyArray<string>;
  onTime?: (refTime: number) => void;
  /** Keep both videos looping over this span of the reference (seconds); null: no loop. */
  loop?: LoopSpan | null;
  ref?: Ref<SyncedPlayersHandle>;
}) {
  const playback = useSyncedPlayback({ timeMap, onTime, loop, handle: ref });
  const [showSkeleton, setShowSkeleton] = useState(true);

  const panel = (which: Which) => (
    <PlayerPanel
      which={which}
      videoRef={which === "reference" ? playback.refVideo : playback.userVideo}
      src={which === "reference" ? referenceUrl : userUrl}
      track={which === "reference" ? tracks?.reference : tracks?.user}
      problematicJoints={problematicJoints}
      showSkeleton={showSkeleton}
      ready={playback.ready[which]}
      error={playback.errors[which]}
      onLoaded={() => playback.loaded(which)}
      onFailed={(code) => playback.failed(which, code)}
    />
  );

  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        {panel("reference")}
        {panel("user")}
      </div>
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
        span={playback.span}
        aligned={playback.aligned}
        syncState={playback.syncState}
        skeleton={{ shown: showSkeleton, available: Boolean(tracks), onToggle: () => setShowSkeleton((v) => !v) }}
        onToggle={playback.toggle}
        onSeek={playback.seek}
        onRestart={playback.restart}
        onSpeed={playback.changeSpeed}
      />
    </div>
  );
}
