import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorFallback } from "./error-fallback";

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When it changes (the path, for a screen), an error shown is cleared and the children tried again. */
  resetKey?: string;
  /** Shown instead of the error page (null: the part is left out, the rest of the page goes on). */
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  hasError: boolean;
  resetKey?: string | undefined;
}

/** Catches a render error: around the whole app (providers, toaster), and around each screen (app/router.tsx). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { hasError: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Unhandled application error", error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return this.props.fallback !== undefined ? this.props.fallback : <ErrorFallback />;
  }
}
