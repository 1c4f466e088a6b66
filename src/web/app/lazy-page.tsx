import { lazy, type ComponentType } from 'react';

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's module; afterwards the page renders at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * A page in its own chunk, like React.lazy, that can also be loaded ahead of rendering. The
 * server preloads the page it renders, and the browser preloads it before hydrating, so neither
 * suspends: a Suspense fallback would otherwise replace the server's HTML.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  const remember = (module: { default: ComponentType }) => {
    Loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember));
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  Page.preload = async () => {
    if (!Loaded) remember(await load());
  };
  return Page;
}
