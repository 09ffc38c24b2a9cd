import { MediaCatalogue } from './MediaCatalogue';

/** `media`: the whole catalogue, cartoons and playlists. */
export default function Catalogue() {
  return <MediaCatalogue />;
}
