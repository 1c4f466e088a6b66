import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { lazyIsland, preloadIslands } from './lazy-island.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyIsland', () => {
  it('renders in full on the server once the islands are preloaded', async () => {
    const Island = lazyIsland(() => Promise.resolve(Greeting));
    await preloadIslands();
    expect(renderToString(<Island name="server" />)).toContain('Hello <!-- -->server');
  });

  it('keeps the server HTML while its chunk loads, then hydrates it without a mismatch', async () => {
    let finish: (component: typeof Greeting) => void = () => undefined;
    const chunk = new Promise<typeof Greeting>((resolve) => (finish = resolve));
    const Island = lazyIsland(() => chunk);
    const container = document.createElement('div');
    // What the server sent for <Island name="browser" />.
    container.innerHTML = '<div><!--$--><p>Hello <!-- -->browser</p><!--/$--></div>';
    document.body.append(container);
    const recoverable = vi.fn();

    await act(async () => {
      hydrateRoot(container, <Island name="browser" />, { onRecoverableError: recoverable });
    });
    expect(container.textContent).toBe('Hello browser');

    await act(async () => {
      finish(Greeting);
      await chunk;
    });
    expect(container.textContent).toBe('Hello browser');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });

  /** Server HTML for <Island name={name} />, hydrated; the observer and idle callback captured. */
  async function hydrateIsland(name: string) {
    const browser: {
      intersect: (entries: { isIntersecting: boolean }[]) => void;
      idle: () => void;
    } = { intersect: () => undefined, idle: () => undefined };
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof browser.intersect) {
          browser.intersect = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      browser.idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Island = lazyIsland(load);
    const container = document.createElement('div');
    container.innerHTML = `<div><!--$--><p>Hello <!-- -->${name}</p><!--/$--></div>`;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Island name={name} />, { onRecoverableError: recoverable });
    });
    return { browser, load, container, recoverable };
  }

  it('loads its chunk only when the section comes near the screen', async () => {
    const { browser, load, container, recoverable } = await hydrateIsland('reader');
    expect(load).not.toHaveBeenCalled();
    expect(container.textContent).toBe('Hello reader');

    await act(async () => {
      browser.intersect([{ isIntersecting: false }]);
      await Promise.resolve();
    });
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      browser.intersect([{ isIntersecting: true }]);
      await Promise.resolve();
    });
    expect(load).toHaveBeenCalledOnce();
    expect(container.textContent).toBe('Hello reader');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
    vi.unstubAllGlobals();
  });

  it('loads its chunk when the loaded page is idle, even if nobody scrolls', async () => {
    const { browser, load, container, recoverable } = await hydrateIsland('keyboard user');
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      browser.idle();
      await Promise.resolve();
    });
    expect(load).toHaveBeenCalledOnce();
    expect(container.textContent).toBe('Hello keyboard user');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
    vi.unstubAllGlobals();
  });

  it('appears after a client-side navigation when its chunk has loaded', async () => {
    const Island = lazyIsland(() => Promise.resolve(Greeting));
    render(<Island name="visitor" />);
    expect(await screen.findByText('Hello visitor')).toBeInTheDocument();
  });
});
