import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Trans } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** Changing the key (e.g. the route) resets a failed boundary. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** Keeps a crash in one section of a page from blanking the whole app. */
export class SectionErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Section crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-state text-center py-4" role="alert">
        <h2 className="h5">
          <Trans i18nKey="errors.sectionTitle" />
        </h2>
        <p className="mb-0">
          <Trans i18nKey="errors.sectionBody" />
        </p>
      </div>
    );
  }
}
