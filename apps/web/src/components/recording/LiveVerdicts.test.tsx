/**
 * Live verdicts as the dancer sees them, from the real engine: a real reference analysis (AIST++
 * freestyle, as the server serves it) and a take of it through MoveNet's raw output, judged by the
 * LiveScorer (in place here: happy-dom has no workers; the page runs the same code in a worker).
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DanceTake, danceTake } from "../../test/dance-take";
import type { LiveMove, LiveScore } from "@stepsync/motion/live";
import type { ScoreReply, ScoreRequest } from "../../lib/live-score/protocol";
import { answer } from "../../lib/live-score/respond";
import { LiveSummary, LiveVerdictBadge } from "./LiveVerdicts";
import { FINISH_WAIT_MS, type LiveTake, useLiveScoring } from "./useLiveScoring";

/** The recording dialog's part of it: the badge during the take, the summary after it. */
function Take({ take, onHarness }: { take: DanceTake; onHarness: (h: ReturnType<typeof useLiveScoring>) => void }) {
  const scoring = useLiveScoring({ active: true, analysis: take.analysis });
  const [ended, setEnded] = useState<LiveTake | null>(null);
  onHarness({
    ...scoring,
    finish: () => {
      const last = scoring.finish();
      void last?.then(setEnded);
      return last;
    },
  });
  return (
    <div>
      <span data-testid="status">{scoring.status}</span>
      {ended ? (
        <LiveSummary moves={ended.moves} score={ended.score} />
      ) : (
        <LiveVerdictBadge moves={scoring.moves} score={scoring.score} />
      )}
    </div>
  );
}

const TAKE_OFFSET = 1;
/** 14 s of a take danced in step, from 1 s before the reference started. */
const take = await danceTake({ takeOffset: TAKE_OFFSET, noise: 2 }, 14);

describe.skipIf(!take)("live verdicts while dancing along", () => {
  it("shows each move's verdict as it is judged, the running score, then the summary", async () => {
    const dance = take as DanceTake;
    let harness: ReturnType<typeof useLiveScoring> | null = null;
    render(<Take take={dance} onHarness={(h) => (harness = h)} />);
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("ready"));
    const h = () => harness as unknown as ReturnType<typeof useLiveScoring>;
    const startedAt = 50_000;
    act(() => h().begin(startedAt));
    expect(screen.queryByTestId("live-verdict")).toBeNull();

    // The first 5 s of the take, as the camera's poses arrive.
    const firstPart = dance.frames.filter((f) => f.t < 5);
    for (const f of firstPart)
      h().pose({ ...f, keypoints: f.keypoints.slice(), at: startedAt + f.t * 1000 }, () => TAKE_OFFSET, 1.1);
    const verdict = await screen.findByTestId("live-verdict", {}, { timeout: 10_000 });
    expect(["Perfect", "Great", "Good", "OK", "Miss"]).toContain(verdict.firstChild?.textContent);
    // Danced as the reference dances it: the verdicts are good ones, and the running score says so.
    expect(["perfect", "great", "good"]).toContain(verdict.dataset.verdict);
    expect(Number(screen.getByTestId("live-score-value").textContent)).toBeGreaterThanOrEqual(70);
    const judgedEarly = h().moves.length;
    expect(judgedEarly).toBeGreaterThan(0);
    // Each verdict is said as its move ends (within an analysis frame, 1/7 s): none waits for what follows.
    for (const m of h().moves) expect(m.judged_at_s).toBeLessThan(TAKE_OFFSET + m.end_s + 0.2);

    // The rest of the take: more moves, the running score over all of them.
    for (const f of dance.frames.filter((x) => x.t >= 5))
      h().pose({ ...f, keypoints: f.keypoints.slice(), at: startedAt + f.t * 1000 }, () => TAKE_OFFSET, 1.1);
    await waitFor(() => expect(h().moves.length).toBeGreaterThan(judgedEarly));
    expect(screen.getByTestId("live-score").dataset.judged).toBe(String(h().moves.length));

    // The take ends: the summary keeps the final live score and the verdicts' counts.
    let ended: LiveTake | null = null;
    await act(async () => {
      ended = await h().finish();
    });
    const result = ended as unknown as LiveTake;
    const summary = await screen.findByTestId("live-summary");
    expect(summary.textContent).toContain(`Live score ${Math.round(result.score?.overall ?? -1)}`);
    const counted = [...summary.querySelectorAll("li")].map((li) => Number(li.textContent?.split(" ")[0]));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(result.moves.length);
    // And the take's poses for the server: analysis frames over the whole take.
    expect(result.track?.fps).toBe(dance.analysis.track.fps);
    expect(result.track?.frames.length).toBeGreaterThan(13 * dance.analysis.track.fps);
  }, 120_000);
});

/**
 * The scoring worker of a slow device: the page's worker code (live-score.worker.ts: the real
 * scorer), each message taking `perMessageMs` longer than it does here.
 */
function slowWorker(perMessageMs: number) {
  return class {
    onmessage: ((event: { data: ScoreReply }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    private queue = Promise.resolve();
    private readonly respond = answer((reply) => setTimeout(() => this.onmessage?.({ data: reply })));
    postMessage(request: ScoreRequest) {
      this.queue = this.queue
        .then(() => new Promise((resolve) => setTimeout(resolve, perMessageMs)))
        .then(() => this.respond(request));
    }
    terminate() {}
  };
}

describe.skipIf(!take)("live verdicts on a slow device", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a take whose scorer is still seconds behind when it ends keeps its summary and its poses", async () => {
    const dance = take as DanceTake;
    // Behind by twice the wait for a silent scorer when the take ends, still working.
    vi.stubGlobal("Worker", slowWorker((2 * FINISH_WAIT_MS) / dance.frames.length));
    let harness: ReturnType<typeof useLiveScoring> | null = null;
    render(<Take take={dance} onHarness={(h) => (harness = h)} />);
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("ready"), { timeout: 10_000 });
    const h = () => harness as unknown as ReturnType<typeof useLiveScoring>;
    const startedAt = 50_000;
    act(() => h().begin(startedAt));
    for (const f of dance.frames)
      h().pose({ ...f, keypoints: f.keypoints.slice(), at: startedAt + f.t * 1000 }, () => TAKE_OFFSET, 1.1);
    let ended: LiveTake | null = null;
    await act(async () => {
      ended = await h().finish();
    });
    // Before, the take's end gave up after FINISH_WAIT_MS however busy the scorer was: no summary.
    expect(ended).not.toBeNull();
    const summary = await screen.findByTestId("live-summary");
    expect(summary.textContent).toMatch(/Live score \d+/);
    expect((ended as unknown as LiveTake).track?.frames.length).toBeGreaterThan(13 * dance.analysis.track.fps);
  }, 120_000);
});

describe("live scoring of a take that does not look like the routine", () => {
  const missed = (index: number) =>
    ({
      index,
      count_label: `${index * 2 + 1}–${index * 2 + 2}`,
      start_s: index * 2,
      end_s: index * 2 + 2,
      verdict: "miss",
      score: 20,
      timing_ms: null,
      judged_at_s: index * 2 + 2,
    }) as unknown as LiveMove;
  const moves = [missed(0), missed(1), missed(2), missed(3)];
  const notSame: LiveScore = { overall: 22, shape: 40, timing: null, judged: 4, total: 8, sameness: "not_same" };

  it("the summary claims no score, no Miss verdicts and nothing to drill: it says it does not look like the routine", () => {
    render(<LiveSummary moves={moves} score={notSame} />);
    const summary = screen.getByTestId("live-summary");
    expect(summary.textContent).toContain("This doesn't look like the routine so far");
    expect(summary.textContent).not.toMatch(/Live score|Miss|22/);
    expect(screen.queryByRole("list", { name: "Verdicts" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Drill / })).toBeNull();
  });

  it("while dancing, the badge shows no Miss and no running score", () => {
    render(
      <div className="relative">
        <LiveVerdictBadge moves={moves} score={notSame} />
      </div>,
    );
    expect(screen.getByTestId("live-not-same").textContent).toBe("Not matching this routine so far");
    expect(screen.queryByTestId("live-verdict")).toBeNull();
    expect(screen.queryByTestId("live-score")).toBeNull();
  });

  it("the same moves judged as the routine keep their score and verdicts", () => {
    render(<LiveSummary moves={moves} score={{ ...notSame, sameness: "unsure" }} />);
    expect(screen.getByTestId("live-summary").textContent).toContain("Live score 22");
    expect(screen.getByRole("list", { name: "Verdicts" }).textContent).toBe("4 Miss");
  });
});
