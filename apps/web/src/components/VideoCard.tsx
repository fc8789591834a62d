import { CARD_ASPECT, COMMENT_TEXTS, LIBRARY_MESSAGES, type ReferenceVideo } from "@stepsync/contracts";
import { BadgeCheck, Eye, Heart, MessageCircle, Play, Share2, UserCheck, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { activityLabel } from "../lib/format";
import { formatDuration, shortCount, visibleTags } from "../lib/library";
import { Button } from "./Button";
import { CommentsDialog } from "./CommentsDialog";
import { cx } from "./cx";

export type VideoCardActions = {
  onPractice(video: ReferenceVideo): void;
  onLike(video: ReferenceVideo): void;
  onShare(video: ReferenceVideo): void;
  onFollow(video: ReferenceVideo): void;
  onFriend(video: ReferenceVideo): void;
  /** A comment was posted (+1) or deleted (-1) in the card's dialog. */
  onCommentsChanged(video: ReferenceVideo, delta: number): void;
};

/**
 * A library card: thumbnail, texts, counts, contributor, tags and the actions. Comments open
 * in a dialog for everyone (visitors read only).
 */
export function VideoCard({
  video,
  viewerId,
  actions,
}: {
  video: ReferenceVideo;
  viewerId: number | undefined;
  actions: VideoCardActions;
}) {
  const own = viewerId !== undefined && viewerId === video.contributor_id;
  const { shown, more } = visibleTags(video.tags);
  const [commentsOpen, setCommentsOpen] = useState(false);
  return (
    <article className="flex flex-col overflow-hidden rounded-3xl border border-white/10 bg-white/[0.03] shadow-lg shadow-black/20">
      <div className="relative aspect-video overflow-hidden bg-night-800">
        {video.thumbnail_path ? (
          <CardThumbnail src={video.thumbnail_path} />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-500">
            <Play className="size-10" aria-hidden />
          </div>
        )}
        <span className="absolute right-2 bottom-2 rounded-md bg-black/70 px-2 py-0.5 text-xs font-medium text-white">
          {formatDuration(video.duration)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-1.5 text-xs">
          <span className="rounded-full bg-accent-500/15 px-2 py-0.5 text-accent-200">
            {activityLabel(video.category)}
          </span>
          <span className="rounded-full bg-white/8 px-2 py-0.5 capitalize text-slate-300">{video.difficulty}</span>
        </div>
        <h3 className="line-clamp-2 text-base font-semibold text-white">{video.title}</h3>
        {video.description ? <p className="line-clamp-2 text-sm text-slate-400">{video.description}</p> : null}
        <div className="flex items-center gap-4 text-xs text-slate-400">
          <span className="inline-flex items-center gap-1" title={`${video.views} views`}>
            <Eye className="size-3.5" aria-hidden /> {shortCount(video.views)}
            <span className="sr-only">views</span>
          </span>
          <span className="inline-flex items-center gap-1" title={`${video.likes_count} likes`}>
            <Heart className="size-3.5" aria-hidden /> {shortCount(video.likes_count)}
            <span className="sr-only">likes</span>
          </span>
          <span className="inline-flex items-center gap-1" title={`${video.comments_count} comments`}>
            <MessageCircle className="size-3.5" aria-hidden /> {shortCount(video.comments_count)}
            <span className="sr-only">comments</span>
          </span>
        </div>
        {video.contributor_id ? (
          <Link
            to={`/profile/${video.contributor_id}`}
            className="inline-flex w-fit max-w-full items-center gap-1.5 text-sm text-slate-200 hover:text-white"
          >
            {/* A long name gives way to the Verified mark. */}
            <span className="min-w-0 truncate">{video.contributor_name ?? "Unknown"}</span>
            {video.contributor_verified ? (
              <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-sky-500/15 px-1.5 py-0.5 text-[11px] text-sky-300">
                <BadgeCheck className="size-3" aria-hidden /> {LIBRARY_MESSAGES.verified}
              </span>
            ) : null}
          </Link>
        ) : null}
        {shown.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {shown.map((tag) => (
              <li key={tag} className="rounded-md bg-white/6 px-1.5 py-0.5 text-[11px] text-slate-300">
                #{tag}
              </li>
            ))}
            {more > 0 ? (
              <li className="rounded-md bg-white/6 px-1.5 py-0.5 text-[11px] text-slate-400">+{more}</li>
            ) : null}
          </ul>
        ) : null}
        <div className="mt-auto space-y-2 pt-2">
          <Button
            size="sm"
            className="w-full"
            icon={<Play className="size-4" aria-hidden />}
            onClick={() => actions.onPractice(video)}
          >
            Practice
          </Button>
          {/* Each action says what it does under its icon: a row of bare icons read as a puzzle on a phone. */}
          <div className="grid auto-cols-fr grid-flow-col" data-testid="card-actions">
            <ActionButton
              label={video.is_liked ? "Unlike" : "Like"}
              pressed={video.is_liked}
              onClick={() => actions.onLike(video)}
              className={video.is_liked ? "text-rose-300" : undefined}
            >
              <Heart className={cx("size-4", video.is_liked && "fill-current")} aria-hidden />
            </ActionButton>
            <ActionButton label={COMMENT_TEXTS.comments} popup onClick={() => setCommentsOpen(true)}>
              <MessageCircle className="size-4" aria-hidden />
            </ActionButton>
            <ActionButton label="Share" onClick={() => actions.onShare(video)}>
              <Share2 className="size-4" aria-hidden />
            </ActionButton>
            {!own && video.contributor_id ? (
              <>
                <ActionButton
                  label={video.is_following ? "Unfollow" : "Follow"}
                  pressed={video.is_following}
                  onClick={() => actions.onFollow(video)}
                  className={video.is_following ? "text-accent-300" : undefined}
                >
                  {video.is_following ? (
                    <UserCheck className="size-4" aria-hidden />
                  ) : (
                    <UserPlus className="size-4" aria-hidden />
                  )}
                </ActionButton>
                <ActionButton label="Add friend" onClick={() => actions.onFriend(video)}>
                  <Users className="size-4" aria-hidden />
                </ActionButton>
              </>
            ) : null}
          </div>
        </div>
      </div>
      {commentsOpen ? (
        <CommentsDialog
          video={video}
          onClose={() => setCommentsOpen(false)}
          onCountChange={(delta) => actions.onCommentsChanged(video, delta)}
        />
      ) : null}
    </article>
  );
}

/**
 * A thumbnail filling the 16:9 card. Thumbnails the server makes are cut to the card around the
 * dancer; one a contributor uploaded may be taller (a phone picture), where covering the card would
 * cut off the head: it is shown whole instead, over a blurred copy of itself.
 */
export function CardThumbnail({ src }: { src: string }) {
  const [tall, setTall] = useState(false);
  return (
    <>
      {tall ? (
        <img
          src={src}
          alt=""
          aria-hidden
          className="absolute inset-0 size-full scale-110 object-cover blur-xl brightness-50"
        />
      ) : null}
      <img
        src={src}
        alt=""
        loading="lazy"
        data-testid="card-thumbnail"
        onLoad={(e) => {
          const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
          // Covering cuts more than a sixth of the height from anything narrower than this.
          setTall(w > 0 && h > 0 && w / h < CARD_ASPECT * 0.83);
        }}
        className={cx("absolute inset-0 size-full", tall ? "object-contain" : "object-cover")}
      />
    </>
  );
}

/** A card action: its icon over its word, the word being its name for everyone. */
function ActionButton({
  label,
  pressed,
  popup,
  onClick,
  className,
  children,
}: {
  label: string;
  pressed?: boolean;
  /** Opens a dialog (announced with aria-haspopup). */
  popup?: boolean;
  onClick(): void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-haspopup={popup ? "dialog" : undefined}
      onClick={onClick}
      className={cx(
        "flex min-w-0 flex-col items-center gap-0.5 rounded-xl px-0.5 py-1.5 text-center text-[11px] leading-tight font-medium text-slate-300 transition hover:bg-white/8 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400",
        className,
      )}
    >
      {children}
      {/* A two-word label wraps under its icon rather than being cut off ("Add fri…"). */}
      <span className="max-w-full">{label}</span>
    </button>
  );
}
