export { LatestMedia, EventAlbums } from './components/albums';
export { mediaKeys } from './api/media';
