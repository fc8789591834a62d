import { COMMENT_TEXTS, commentSchema, SOCIAL_MESSAGES, type VideoComment } from "@stepsync/contracts";
import { LogIn, MessageCircle, Send, Trash2 } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useComments, useDeleteComment, usePostComment } from "../api/library";
import { useAuth } from "../auth/context";
import { formatDate, formatWhen } from "../lib/format";
import { toast } from "../lib/toast";
import { Avatar } from "./Avatar";
import { Button, ButtonLink } from "./Button";
import { Dialog } from "./Dialog";
import { EmptyState } from "./EmptyState";
import { TextAreaField } from "./Field";
import { RetryMessage } from "./RetryMessage";
import { Spinner } from "./Spinner";

/** The server's limit (commentSchema); the same text is shown before sending. */
const MAX_LENGTH = commentSchema.shape.content.maxLength ?? 1000;

/**
 * A video's comments (oldest first) in a dialog titled with the video title. Signed-in users get a
 * form (focused on open) and may delete their own comments; admins may delete any. Visitors read only.
 */
export function CommentsDialog({
  video,
  onClose,
  onCountChange,
}: {
  video: { id: number; title: string };
  onClose: () => void;
  /** Told +1 / -1 as comments are posted and deleted, so the card's count follows. */
  onCountChange?: (delta: number) => void;
}) {
  const { user } = useAuth();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [postedId, setPostedId] = useState<number | null>(null);
  const query = useComments(video.id);
  const comments = query.data?.comments ?? [];

  // Runs after the Dialog's own effect (a parent's effects follow its children's), so showModal has
  // already placed focus on the first control and this moves it to the textarea.
  useEffect(() => textareaRef.current?.focus(), []);

  const onPosted = (comment: VideoComment) => {
    setPostedId(comment.id);
    onCountChange?.(1);
  };
  const onDeleted = () => {
    onCountChange?.(-1);
    textareaRef.current?.focus();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={video.title}
      icon={<MessageCircle className="size-5" aria-hidden />}
      className="max-w-xl"
    >
      <section aria-label={COMMENT_TEXTS.comments}>
        {query.isPending ? (
          <div className="flex justify-center py-8 text-slate-400">
            <Spinner label={COMMENT_TEXTS.loading} />
          </div>
        ) : query.isError ? (
          <RetryMessage message={query.error.message} onRetry={() => void query.refetch()} />
        ) : comments.length === 0 ? (
          <EmptyState icon={<MessageCircle className="size-6" aria-hidden />} className="py-8">
            {COMMENT_TEXTS.empty}
          </EmptyState>
        ) : (
          <ul className="-mx-1 max-h-[50vh] space-y-4 overflow-y-auto px-1 py-1">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                videoId={video.id}
                comment={comment}
                canDelete={Boolean(user && (user.id === comment.user_id || user.role === "admin"))}
                justPosted={comment.id === postedId}
                onDeleted={onDeleted}
              />
            ))}
          </ul>
        )}
      </section>
      {user ? <CommentForm videoId={video.id} textareaRef={textareaRef} onPosted={onPosted} /> : <LoginPrompt />}
    </Dialog>
  );
}

function CommentItem({
  videoId,
  comment,
  canDelete,
  justPosted,
  onDeleted,
}: {
  videoId: number;
  comment: VideoComment;
  canDelete: boolean;
  /** The viewer's new comment: scrolled into view when it appears. */
  justPosted: boolean;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(videoId, {
    onSuccess: () => {
      onDeleted();
      toast.success(COMMENT_TEXTS.deleted);
    },
    onError: (error) => toast.error(error.message || COMMENT_TEXTS.deleteFailed),
  });
  return (
    <li className="flex gap-3" ref={justPosted ? (el) => el?.scrollIntoView?.({ block: "nearest" }) : undefined}>
      <Avatar src={comment.profile_image} name={comment.username} className="size-9 text-xs ring-2" />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <Link
            to={`/profile/${comment.user_id}`}
            className="truncate text-sm font-semibold text-white hover:underline focus-visible:outline-2 focus-visible:outline-accent-400"
          >
            {comment.username}
          </Link>
          <time
            dateTime={comment.created_at}
            title={formatDate(comment.created_at, { dateStyle: "medium", timeStyle: "short" })}
            className="shrink-0 text-xs text-slate-400"
          >
            {formatWhen(comment.created_at)}
          </time>
          {canDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="-my-1 ml-auto px-2.5! hover:text-rose-300"
              aria-label={COMMENT_TEXTS.deleteComment}
              title={COMMENT_TEXTS.deleteComment}
              icon={<Trash2 className="size-4" aria-hidden />}
              aria-expanded={confirming}
              onClick={() => setConfirming((c) => !c)}
            />
          ) : null}
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-200">{comment.content}</p>
        {confirming ? (
          // Asked in place: one stray click must not lose a comment.
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-300">
            <span>{COMMENT_TEXTS.confirmDelete}</span>
            <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => remove.mutate(comment.id)}>
              {COMMENT_TEXTS.delete}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              {COMMENT_TEXTS.keep}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function CommentForm({
  videoId,
  textareaRef,
  onPosted,
}: {
  videoId: number;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  onPosted: (comment: VideoComment) => void;
}) {
  const [text, setText] = useState("");
  const [serverError, setServerError] = useState<string | null>(null);
  const post = usePostComment(videoId, {
    onSuccess: ({ comment }) => {
      setText("");
      setServerError(null);
      onPosted(comment);
      textareaRef.current?.focus();
    },
    // The typed text stays so nothing is lost; the server's text says what to change.
    onError: (error) => setServerError(error.message || COMMENT_TEXTS.postFailed),
  });
  const length = text.trim().length;
  const tooLong = length > MAX_LENGTH;
  const canPost = length > 0 && !tooLong && !post.isPending;

  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    if (canPost) post.mutate(text.trim());
  };

  return (
    <form onSubmit={submit} className="mt-5 space-y-3 border-t border-white/10 pt-5">
      <TextAreaField
        ref={textareaRef}
        label={COMMENT_TEXTS.addComment}
        value={text}
        rows={3}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setServerError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit(e);
        }}
        error={tooLong ? SOCIAL_MESSAGES.commentTooLong : serverError}
        hint={`${length}/${MAX_LENGTH}`}
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          size="sm"
          icon={<Send className="size-4" aria-hidden />}
          loading={post.isPending}
          disabled={!canPost}
        >
          {COMMENT_TEXTS.post}
        </Button>
      </div>
    </form>
  );
}

function LoginPrompt() {
  const location = useLocation();
  return (
    <div className="mt-5 flex justify-center border-t border-white/10 pt-5">
      <ButtonLink
        to="/login"
        state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}
        variant="secondary"
        size="sm"
        icon={<LogIn className="size-4" aria-hidden />}
      >
        {COMMENT_TEXTS.loginToComment}
      </ButtonLink>
    </div>
  );
}
