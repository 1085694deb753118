import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
    return <SectionError />;
  }
}

// A function component for the hook: react-i18next's <Trans> would bring its HTML parser into the
// first page's code for two plain strings.
function SectionError() {
  const { t } = useTranslation();
  return (
    <div className="error-state text-center py-4" role="alert">
      <h2 className="h5">{t('errors.sectionTitle')}</h2>
      <p className="mb-0">{t('errors.sectionBody')}</p>
    </div>
  );
}
