import { isForSale } from '../../../shared/for-sale.ts';
import type { Product, ProductDetail } from '../../../shared/product.ts';
import { variantDisplayName } from '../../../shared/variant.ts';
import { COMPANY_FOUNDED_YEAR } from '../../../shared/constants.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';
import type { CompanyLocation } from '../../content/site.ts';

// JSON-LD (schema.org) that search engines read from server-rendered pages.

type JsonLd = Record<string, unknown>;

/** The home page: who sells here. */
export function organizationJsonLd(
  publicUrl: string,
  logoPath: string,
  location: CompanyLocation,
): JsonLd {
  const [street = '', cityLine = '', country = ''] = location.addressLines;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Toolhouse',
    url: `${publicUrl}/`,
    logo: new URL(logoPath, `${publicUrl}/`).href,
    foundingDate: String(COMPANY_FOUNDED_YEAR),
    address: {
      '@type': 'PostalAddress',
      streetAddress: street,
      addressLocality: cityLine,
      addressCountry: country,
    },
  };
}

/** /allProducts: every product with its price and availability. */
export function productListJsonLd(publicUrl: string, products: readonly Product[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Product',
        name: product.name,
        description: product.description,
        image: new URL(product.img, `${publicUrl}/`).href,
        offers: {
          '@type': 'Offer',
          price: product.price.toFixed(2),
          priceCurrency: 'USD',
          availability:
            product.availableQuantity > 0 && !product.withdrawn
              ? 'https://schema.org/InStock'
              : 'https://schema.org/OutOfStock',
          url: `${publicUrl}${pageRoutes.purchase.href({ productId: product._id })}`,
        },
      },
    })),
  };
}

const availability = (sellable: Parameters<typeof isForSale>[0]) =>
  isForSale(sellable) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/**
 * The product page of a product of several variants (issue 34): a `ProductGroup` with each variant
 * a `Product` of its own SKU and one `Offer` (its price and availability, its page's URL). A product
 * of one variant has none (the page is `noindex`, ADR 030): null.
 */
export function productGroupJsonLd(publicUrl: string, product: ProductDetail): JsonLd | null {
  if (product.variants.length < 2) return null;
  const pageUrl = `${publicUrl}${pageRoutes.purchase.href({ productId: product._id })}`;
  const imageUrl = (path: string) => new URL(path, `${publicUrl}/`).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: product.name,
    description: product.description,
    image: imageUrl(product.img),
    url: pageUrl,
    productGroupID: product._id,
    variesBy: product.options.map((option) => option.name),
    hasVariant: product.variants.map((variant) => ({
      '@type': 'Product',
      sku: variant.sku,
      name: variantDisplayName(product.name, variant.label),
      image: imageUrl(variant.images[0] ?? product.img),
      offers: {
        '@type': 'Offer',
        sku: variant.sku,
        price: variant.price.toFixed(2),
        priceCurrency: 'USD',
        availability: availability(variant),
        url: `${pageUrl}?sku=${encodeURIComponent(variant.sku)}`,
      },
    })),
  };
}

/** A non-executable JSON-LD block; `<` is escaped so no text can close the element. */
export function jsonLdElement(data: JsonLd): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}

/** A category page (issue 24): Home › All Products › the category. */
export function breadcrumbJsonLd(
  publicUrl: string,
  trail: readonly { name: string; path: string }[],
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: `${publicUrl}${step.path}`,
    })),
  };
}
