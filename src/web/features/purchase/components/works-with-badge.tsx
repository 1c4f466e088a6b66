import { worksWithMessage } from '../../../../shared/back-in-stock.ts';
import type { Product } from '../../../../shared/product.ts';
import { useMyPlatforms } from '../api/product-extras.ts';

/**
 * The battery facts of the product, and "Works with your 18V batteries" when the signed-in
 * customer has a paid order of that platform (decided by the server, GET /api/my/platforms). The
 * server-rendered page knows no customer (`email` undefined): the badge's line is kept empty
 * until it is known, so it appears without moving the page.
 */
export function PlatformFacts({ product, email }: { product: Product; email: string | undefined }) {
  const mine = useMyPlatforms(email ?? '', email !== undefined && product.platform !== null);
  if (!product.platform) return null;
  const owned = mine.data?.platforms.includes(product.platform) === true;
  return (
    <div className="flex flex-col items-start gap-2">
      <span className="badge badge-neutral">
        {product.platform} platform · {product.batteryIncluded ? 'battery included' : 'tool only'}
      </span>
      <div className="min-h-6">
        {owned && (
          <span className="badge badge-success" role="status">
            {worksWithMessage(product.platform)}
          </span>
        )}
      </div>
    </div>
  );
}
