import { worksWithMessage } from '../../../../shared/back-in-stock.ts';
import type { Product } from '../../../../shared/product.ts';
import { useMyPlatforms } from '../api/product-extras.ts';

/**
 * "Works with your 18V batteries" when the signed-in customer has a paid order of that platform
 * (decided by the server, GET /api/my/platforms), and the battery facts of the product.
 */
export function PlatformFacts({ product, email }: { product: Product; email: string }) {
  const mine = useMyPlatforms(email, product.platform !== null);
  if (!product.platform) return null;
  const owned = mine.data?.platforms.includes(product.platform) === true;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="badge badge-neutral">
        {product.platform} platform · {product.batteryIncluded ? 'battery included' : 'tool only'}
      </span>
      {owned && (
        <span className="badge badge-success" role="status">
          {worksWithMessage(product.platform)}
        </span>
      )}
    </div>
  );
}
