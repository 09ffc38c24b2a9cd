import { MediaCatalogue } from './MediaCatalogue';

/** `media/audio`: the audio playlists. */
export default function AudioList() {
  return <MediaCatalogue kind="audio" />;
}
