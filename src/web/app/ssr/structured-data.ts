import type { Product } from '../../../shared/product.ts';
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
