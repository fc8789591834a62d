import { MESSAGES } from "@stepsync/contracts";
import { RotateCcw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { describeError, logger } from "../lib/logger";
import { buttonClass } from "./Button";

interface Props {
  children: ReactNode;
  /** Changing this value clears the error (for example the route path). */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

/**
 * Catches render errors and shows 'Unexpected Application Error!' and nothing else: the
 * error's own message (often a minified React error) means nothing to a dancer, so it goes to the log only.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.error(`${describeError(error)}\n${info.componentStack ?? ""}`, "ErrorBoundary");
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
        <h1 className="text-2xl font-bold text-white sm:text-3xl">{MESSAGES.unexpectedAppError}</h1>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className={buttonClass("primary")} onClick={() => window.location.reload()}>
            <RotateCcw className="size-4" aria-hidden /> Reload page
          </button>
          <a className={buttonClass("secondary")} href="/">
            Go home
          </a>
        </div>
      </div>
    );
  }
}
