import type { BaseMap } from '@portal/contracts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { layerSpecOf, previewZoom } from './layerSpec.ts';

const HEIGHT = 420;

/**
 * A base map drawn by Leaflet, loaded with this module only (the page imports it lazily, so no
 * other route carries Leaflet). The map is made anew when the definition changes.
 */
export default function MapPreview({ map, label }: { map: BaseMap; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return undefined;
    const spec = layerSpecOf(map);
    const view = L.map(container.current, { minZoom: map.minZoom, maxZoom: map.maxZoom, worldCopyJump: true });
    (spec.kind === 'wms' ? L.tileLayer.wms(spec.url, spec.options) : L.tileLayer(spec.url, spec.options)).addTo(view);
    view.setView([20, 0], previewZoom(map));
    return () => {
      view.remove();
    };
  }, [map]);
  return <div ref={container} role="region" aria-label={label} style={{ height: HEIGHT, width: '100%' }} />;
}
