import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installApiReactions } from './app/install-reactions';
import { App } from './app/App';
import { initI18n } from './kernel/i18n';
import { bindNavigator } from './kernel/navigation';
import { createAppRouter } from './app/router';
import { recordPageBuild } from './shell/version-check';
import { askTowerEarly } from './pages/visual/tower-early';

/** Starts the browser app: translations, API reactions (spec 8), the router, then React. */
async function start(): Promise<void> {
  // The control tower's first call leaves before the app's code loads (tower-early.ts).
  askTowerEarly();
  await initI18n();
  installApiReactions();
  void recordPageBuild();
  const router = createAppRouter();
  bindNavigator({
    navigate: (to, options) => void router.navigate(to, options),
    location: () => router.state.navigation.location ?? router.state.location,
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
