/** Fills a tile URL template such as `https://tiles.example/{z}/{x}/{y}.png`. */
export function tileUrl(template: string, x: number, y: number, z: number): string {
  return template
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y));
}
