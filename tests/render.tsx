import { useLayoutEffect } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type To,
} from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import type { WalletConnectorLoader } from '@/features/wallet/hooks/wallet-context';
import { initI18n, type Language } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query/query-client';

export interface RenderAppOptions {
  /** Language to start in; default: what is stored, else English. */
  language?: Language;
  /** A wallet connector (e.g. FakeChain.connector().load); default: the jsdom stand-in that never connects. */
  walletConnector?: WalletConnectorLoader;
}

/** What tests read of the router: where the app is now, and a way to go elsewhere. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate(to: To): Promise<void>;
}

interface RouterProbe {
  location?: Location;
  navigate?: NavigateFunction;
}

function RouterProbeView({ report }: { report: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => report(location, navigate), [report, location, navigate]);
  return null;
}

function testRouter(probe: RouterProbe): TestRouter {
  return {
    get state() {
      if (!probe.location) throw new Error('the router has not rendered yet');
      return { location: probe.location };
    },
    async navigate(to) {
      if (!probe.navigate) throw new Error('the router has not rendered yet');
      await probe.navigate(to);
    },
  };
}

/** Mounts the whole app (every provider, the real route table) at a route, as a user would land on it. */
export function renderApp(route: InitialEntry = '/home', options: RenderAppOptions = {}) {
  const probe: RouterProbe = {};
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const i18n = initI18n(options.language);
  const user = userEvent.setup();
  const result: RenderResult = render(
    <AppProviders queryClient={queryClient} i18n={i18n} loadWalletConnector={options.walletConnector}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <RouterProbeView
          report={(location, navigate) => {
            probe.location = location;
            probe.navigate = navigate;
          }}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, router: testRouter(probe), queryClient, i18n, user };
}

/** Stores a signed-in session the way the wallet sign-in does. */
export function storeSession(address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', id = 7) {
  localStorage.setItem('jwtToken', 'test-jwt');
  localStorage.setItem('userInfo', JSON.stringify({ id, address }));
}
