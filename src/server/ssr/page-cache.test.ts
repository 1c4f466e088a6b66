import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache.ts';

const made = (value: string) => () => Promise.resolve(value);
const always = () => true;

describe('the page cache', () => {
  it('knows the page stored last for a URL, whatever its versions', async () => {
    const cache = createPageCache<string>(10);
    expect(cache.latest('/')).toBeUndefined();
    await cache.get('/', 'products=1;', made('home 1'), always);
    await cache.get('/', 'products=2;', made('home 2'), always);
    await cache.get('/blogs', '', made('blogs'), always);
    expect(cache.peek('/', 'products=1;')).toBe('home 1');
    expect(cache.latest('/')).toBe('home 2');
    expect(cache.latest('/blogs')).toBe('blogs');
  });

  it('forgets it with its entry, and never keeps a page it was told not to', async () => {
    const cache = createPageCache<string>(2);
    await cache.get('/', 'products=1;', made('home'), always);
    await cache.get('/a', '', made('a'), always);
    await cache.get('/b', '', made('b'), always);
    expect(cache.size).toBe(2);
    expect(cache.latest('/')).toBeUndefined();
    expect(cache.latest('/a')).toBe('a');
    await cache.get('/c', '', made('c, half rendered'), () => false);
    expect(cache.latest('/c')).toBeUndefined();
  });
});
