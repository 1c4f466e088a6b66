// The carriers staff ship with (issue 35) and their public tracking pages. The link is built
// here, from the carrier and the tracking number, for the web, the mails and the webhooks alike;
// the number is always URL-encoded. "Other" has no tracking page: its number is shown, not linked.

/** `{number}` in a template is replaced by the URL-encoded tracking number. */
const NUMBER = '{number}';

export const CARRIERS = {
  ups: { name: 'UPS', trackingUrl: `https://www.ups.com/track?tracknum=${NUMBER}` },
  fedex: { name: 'FedEx', trackingUrl: `https://www.fedex.com/fedextrack/?trknbr=${NUMBER}` },
  usps: {
    name: 'USPS',
    trackingUrl: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${NUMBER}`,
  },
  'dhl-express': {
    name: 'DHL Express',
    trackingUrl: `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${NUMBER}`,
  },
  dpd: { name: 'DPD', trackingUrl: `https://tracking.dpd.de/status/en_US/parcel/${NUMBER}` },
  'royal-mail': {
    name: 'Royal Mail',
    trackingUrl: `https://www.royalmail.com/track-your-item#/tracking-results/${NUMBER}`,
  },
  'canada-post': {
    name: 'Canada Post',
    trackingUrl: `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${NUMBER}`,
  },
  'australia-post': {
    name: 'Australia Post',
    trackingUrl: `https://auspost.com.au/mypost/track/details/${NUMBER}`,
  },
  'la-poste': {
    name: 'La Poste/Colissimo',
    trackingUrl: `https://www.laposte.fr/outils/suivre-vos-envois?code=${NUMBER}`,
  },
  'deutsche-post': {
    name: 'Deutsche Post DHL',
    trackingUrl: `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${NUMBER}`,
  },
  other: { name: 'Other', trackingUrl: null },
} as const satisfies Record<string, { name: string; trackingUrl: string | null }>;

export type Carrier = keyof typeof CARRIERS;
/** The carriers' ids, in the order the Carrier select lists them ("Other" last). */
export const CARRIER_IDS = Object.keys(CARRIERS) as [Carrier, ...Carrier[]];

export const carrierName = (carrier: Carrier): string => CARRIERS[carrier].name;

/** The carrier's tracking page of this number, or null (Other). */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const template: string | null = CARRIERS[carrier].trackingUrl;
  return template === null ? null : template.replace(NUMBER, encodeURIComponent(trackingNumber));
}
