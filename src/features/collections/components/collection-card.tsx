import '@/features/collections/components/collections.css';
import { Link } from 'react-router-dom';
import { AppImage } from '@/components/app-image';
import { CollectionTrustLabel } from '@/components/collection-trust-label';
import type { Collection } from '@/lib/cms/types';
import { tileSources } from './image-sources';

/**
 * A collection tile (image + name) used by the home carousels and the explore grid. `priority`:
 * the first tile of the explore grid, the route's largest image on a phone (never lazy).
 */
export function CollectionCard({ collection, priority = false }: { collection: Collection; priority?: boolean }) {
  return (
    <Link to={`/colection/${collection.id}`} className="collection-card surface">
      <AppImage {...tileSources(collection)} alt="" className="collection-card-image" priority={priority} />
      <span className="collection-card-name">
        <span className="collection-card-title">{collection.name}</span>
        <CollectionTrustLabel collection={collection} />
      </span>
    </Link>
  );
}
