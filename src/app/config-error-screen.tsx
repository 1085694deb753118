import type { ConfigError } from '@/config/env';

/**
 * Shown instead of the app when configuration is invalid. Deliberately free of i18n and
 * providers: it must render even when nothing else can.
 */
export function ConfigErrorScreen({ error }: { error: ConfigError }) {
  return (
    <main className="container py-5" role="alert">
      <h1 className="h3">The app is not configured correctly</h1>
      <p>These settings are missing or invalid. Fix them in the environment file and rebuild:</p>
      <ul>
        {error.problems.map((problem) => (
          <li key={problem.variable}>
            <code>{problem.variable}</code> {problem.message}
          </li>
        ))}
      </ul>
      <p>See .env.example for every variable and its meaning.</p>
    </main>
  );
}
