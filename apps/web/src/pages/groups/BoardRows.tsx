import type { BoardResponse, BoardRow, MissedMove } from "@stepsync/contracts";
import { Clock, Repeat } from "lucide-react";
import { cx } from "../../components/cx";
import { formatWhen } from "../../lib/format";
import { movesText } from "./group-rules";
import { ScoreCell, Tag } from "./parts-ui";

type Column = BoardResponse["columns"][number];

function lastPractised(iso: string | null): string {
  return iso ? formatWhen(iso) : "Never";
}

function Status({ row }: { row: BoardRow }) {
  if (!row.started) return <Tag tone="accent">Not started</Tag>;
  if (row.behind) return <Tag>Behind</Tag>;
  return null;
}

function Misses({ moves }: { moves: MissedMove[] }) {
  if (moves.length === 0) return <span className="text-sm text-slate-500">—</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Moves missed most">
      {moves.map((m) => (
        <li
          key={m.move}
          title={`${m.label}: missed in ${m.misses} ${m.misses === 1 ? "take" : "takes"}`}
          className="rounded-lg bg-rose-500/10 px-2 py-0.5 text-xs font-medium text-rose-100 ring-1 ring-inset ring-rose-400/25"
        >
          Move {m.move} <span className="text-rose-200/70">×{m.misses}</span>
        </li>
      ))}
    </ul>
  );
}

/** One member's row as a card (phones, and a member's own progress); one line for a member who has not started. */
export function BoardRowCard({ row, columns, title }: { row: BoardRow; columns: Column[]; title?: string }) {
  if (!row.started && !title)
    return (
      <article
        className="glass flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
        data-testid="board-row"
        data-started={row.started}
      >
        <h3 className="min-w-0 flex-1 break-words font-semibold text-white" data-testid="board-row-name">
          {row.name}
        </h3>
        <Status row={row} />
      </article>
    );
  return (
    <article className="glass min-w-0 space-y-3 p-4" data-testid="board-row" data-started={row.started}>
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 break-words font-semibold text-white" data-testid="board-row-name">
          {title ?? row.name}
        </h3>
        <Status row={row} />
      </header>
      <ul className="space-y-2">
        {row.parts.map((p, i) => {
          const column = columns[i];
          return (
            <li
              key={p.part}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3"
              data-testid="board-part"
            >
              <span className="min-w-0 text-sm">
                <span className="font-medium text-slate-100">{p.part}</span>{" "}
                {column ? (
                  <span className="text-xs text-slate-500">{movesText(column.first_move, column.last_move)}</span>
                ) : null}
                <span className="block text-xs text-slate-400">
                  {p.last_practised_at
                    ? `${lastPractised(p.last_practised_at)} · ${p.takes} this week`
                    : "Not practised"}
                </span>
              </span>
              <ScoreCell score={p.best_score} />
            </li>
          );
        })}
      </ul>
      <dl className="grid grid-cols-2 gap-3 border-t border-white/8 pt-3 text-sm">
        <div>
          <dt className="flex items-center gap-1 text-xs text-slate-400">
            <Repeat className="size-3.5" aria-hidden /> Takes this week
          </dt>
          <dd className="font-semibold tabular-nums text-white" data-testid="takes-this-week">
            {row.takes_this_week}
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 text-xs text-slate-400">
            <Clock className="size-3.5" aria-hidden /> Last practised
          </dt>
          <dd className="text-white">{lastPractised(row.last_practised_at)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="mb-1 text-xs text-slate-400">Misses most</dt>
          <dd>
            <Misses moves={row.weakest_moves} />
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** Every member's row in a table (wide screens); the table scrolls inside its box if the parts are many, the page never does. */
export function BoardTable({ board }: { board: BoardResponse }) {
  return (
    <div className="glass overflow-x-auto p-0" data-testid="board-table">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Each member's best score per part, practice and the moves they miss most</caption>
        <thead>
          <tr className="border-b border-white/10 text-xs uppercase tracking-wide text-slate-400">
            <th scope="col" className="px-4 py-3 font-semibold">
              Member
            </th>
            {board.columns.map((c) => (
              <th key={c.name} scope="col" className="px-3 py-3 font-semibold">
                <span className="block normal-case tracking-normal text-slate-200">{c.name}</span>
                <span className="block font-normal normal-case tracking-normal">
                  {movesText(c.first_move, c.last_move)}
                </span>
              </th>
            ))}
            <th scope="col" className="px-3 py-3 font-semibold">
              This week
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Last practised
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Misses most
            </th>
          </tr>
        </thead>
        <tbody>
          {board.members.map((row) => (
            <tr
              key={row.user_id}
              className={cx("border-b border-white/6 last:border-0", !row.started && "bg-accent-500/[0.06]")}
              data-testid="board-row"
              data-started={row.started}
            >
              <th scope="row" className="px-4 py-3 font-medium text-white">
                <span className="flex flex-wrap items-center gap-2">
                  <span data-testid="board-row-name">{row.name}</span>
                  <Status row={row} />
                </span>
              </th>
              {row.parts.map((p) => (
                <td key={p.part} className="px-3 py-3 align-middle" data-testid="board-part">
                  <ScoreCell score={p.best_score} />
                  {p.last_practised_at ? (
                    <span className="mt-1 block whitespace-nowrap text-xs text-slate-400">
                      {p.takes} {p.takes === 1 ? "take" : "takes"} this week
                    </span>
                  ) : null}
                </td>
              ))}
              <td className="px-3 py-3 tabular-nums text-slate-100" data-testid="takes-this-week">
                {row.takes_this_week}
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-300">{lastPractised(row.last_practised_at)}</td>
              <td className="px-4 py-3">
                <Misses moves={row.weakest_moves} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
