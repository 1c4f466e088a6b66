import { useState } from 'react';
import { Map, Marker, type TileComponent } from 'pigeon-maps';
import {
  MAP_DEFAULT_ZOOM,
  MAP_HEIGHT_PX,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
} from '../../../../shared/constants.ts';
import { tileUrl } from '../lib/tile-url.ts';

export interface LocationMapProps {
  center: readonly [number, number];
  /** What the marker marks, e.g. "Toolhouse headquarters". */
  label: string;
  /** Tile URL template with {z}, {x}, {y}; null draws the frame and the marker without tiles. */
  tileUrlTemplate: string | null;
}

// pigeon-maps draws 256 px tiles (MAP_TILE_SIZE); it has no option for another size.

/** A tile that hides itself if it fails to load, so an offline map shows no broken images. */
const HidingTile: TileComponent = ({ tile, tileLoaded }) => {
  const [failed, setFailed] = useState(false);
  if (failed) return <></>;
  return (
    <img
      src={tile.url}
      srcSet={tile.srcSet || undefined}
      width={tile.width}
      height={tile.height}
      alt=""
      loading="lazy"
      onLoad={tileLoaded}
      onError={() => {
        setFailed(true);
        tileLoaded();
      }}
      style={{ position: 'absolute', left: tile.left, top: tile.top }}
    />
  );
};

const NoTile: TileComponent = () => <></>;

const PIN_WIDTH = 36;
const PIN_HEIGHT = 48;

function Pin({ label }: { label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 24 32"
      width={PIN_WIDTH}
      height={PIN_HEIGHT}
      className="drop-shadow-md"
    >
      <path
        d="M12 1C6 1 1.5 5.5 1.5 11.3 1.5 19 12 31 12 31s10.5-12 10.5-19.7C22.5 5.5 18 1 12 1z"
        fill="#f59e0b"
        stroke="#292524"
        strokeWidth="1.5"
      />
      <circle cx="12" cy="11.5" r="4" fill="#292524" />
    </svg>
  );
}

export default function LocationMap({ center, label, tileUrlTemplate }: LocationMapProps) {
  const point: [number, number] = [center[0], center[1]];
  return (
    <Map
      height={MAP_HEIGHT_PX}
      defaultCenter={point}
      defaultZoom={MAP_DEFAULT_ZOOM}
      minZoom={MAP_MIN_ZOOM}
      maxZoom={MAP_MAX_ZOOM}
      provider={tileUrlTemplate ? (x, y, z) => tileUrl(tileUrlTemplate, x, y, z) : () => ''}
      tileComponent={tileUrlTemplate ? HidingTile : NoTile}
      attribution={tileUrlTemplate ? undefined : false}
      attributionPrefix={false}
      metaWheelZoom
      twoFingerDrag
    >
      <Marker anchor={point} width={PIN_WIDTH} height={PIN_HEIGHT}>
        <Pin label={label} />
      </Marker>
    </Map>
  );
}
