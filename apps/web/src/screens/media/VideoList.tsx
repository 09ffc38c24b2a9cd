import { MediaCatalogue } from './MediaCatalogue';

/** `media/video`: the cartoons. */
export default function VideoList() {
  return <MediaCatalogue kind="video" />;
}
