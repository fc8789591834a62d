import type { Group, GroupRoutine } from "@stepsync/contracts";
import { Film, Lock, Scissors } from "lucide-react";
import { useState } from "react";
import { useReferenceAnalysisStatus } from "../../api/reference-analysis";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { timeLeftText } from "../../lib/analysis-progress";
import { activityLabel, formatClock } from "../../lib/format";
import { movesText } from "./group-rules";
import { PartsEditor } from "./PartsEditor";
import { ProgressBar } from "./ProgressBar";
import { Tag } from "./parts-ui";

/** The group's routine: its video, its analysis while it runs, and its named parts (the organiser names them). */
export function RoutineCard({
  group,
  routine,
  promptParts,
}: {
  group: Group;
  routine: GroupRoutine | null;
  promptParts: boolean;
}) {
  const organiser = group.role === "organiser";
  const [editing, setEditing] = useState(false);
  // Its analysis' percent while it runs (the group's page asks again for the moves once it is done).
  const analysis = useReferenceAnalysisStatus(routine?.reference_video_id ?? null, routine?.pose_status === "pending");
  if (!routine)
    return (
      <Card>
        <CardTitle icon={<Film className="size-4" aria-hidden />}>The routine</CardTitle>
        <Alert tone="info">This group's routine is no longer available.</Alert>
      </Card>
    );
  const moves = routine.moves;
  return (
    <Card>
      <CardTitle
        icon={<Film className="size-4" aria-hidden />}
        aside={
          routine.private ? (
            <Tag>
              <Lock className="mr-1 size-3" aria-hidden />
              Group only
            </Tag>
          ) : null
        }
      >
        The routine
      </CardTitle>
      <div className="grid gap-5 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <video
          src={routine.file_url}
          poster={routine.thumbnail_url ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={`${routine.title}, the routine`}
          className="aspect-video w-full rounded-2xl border border-white/10 bg-black object-contain"
        >
          <track kind="captions" />
        </video>
        <div className="min-w-0 space-y-4">
          <div>
            <p className="break-words text-lg font-semibold text-white" data-testid="routine-title">
              {routine.title}
            </p>
            <p className="text-sm text-slate-400">
              {[
                activityLabel(routine.category),
                routine.duration_s ? formatClock(routine.duration_s) : null,
                moves ? `${moves.length} moves` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
          {routine.pose_status === "pending" ? (
            <div className="space-y-2" data-testid="routine-analysing">
              <ProgressBar label="Analysing the routine…" percent={analysis.data?.progress ?? null} />
              <p className="text-xs text-slate-400">
                {analysis.data ? `${timeLeftText(analysis.data.progress, analysis.data.analysing_s)} ` : ""}
                Its moves are being found. Invite people meanwhile: practice counts as soon as it is ready.
              </p>
            </div>
          ) : routine.pose_status === "failed" ? (
            <Alert>
              This video could not be analysed (no dancer was found in it), so takes of it cannot be scored. Start a
              group with another video.
            </Alert>
          ) : null}
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-200">Parts</h3>
            {group.parts.length === 0 ? (
              <p className="text-sm text-slate-400" data-testid="no-parts">
                One part: the whole routine.
              </p>
            ) : (
              <ol className="flex flex-wrap gap-2" data-testid="parts">
                {group.parts.map((p) => (
                  <li
                    key={p.name}
                    className="rounded-xl border border-white/10 bg-white/[0.04] px-3 py-1.5 text-sm"
                    data-testid="part"
                  >
                    <span className="font-medium text-white">{p.name}</span>{" "}
                    <span className="text-slate-400">· {movesText(p.first_move, p.last_move)}</span>
                  </li>
                ))}
              </ol>
            )}
            {organiser && moves ? (
              <>
                {promptParts && group.parts.length === 0 ? (
                  <p className="mt-3 text-sm text-accent-200">
                    The routine is ready: split it into parts ("entry", "chorus", "finale") to see each on the board.
                  </p>
                ) : null}
                <Button
                  size="sm"
                  variant="secondary"
                  className="mt-3"
                  icon={<Scissors className="size-4" aria-hidden />}
                  onClick={() => setEditing(true)}
                >
                  {group.parts.length === 0 ? "Name the parts" : "Change the parts"}
                </Button>
                {editing ? (
                  <PartsEditor
                    groupId={group.id}
                    moves={moves}
                    parts={group.parts}
                    open={editing}
                    onClose={() => setEditing(false)}
                  />
                ) : null}
              </>
            ) : null}
          </div>
        </div>
      </div>
    </Card>
  );
}
