// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mediaKind, moved, videoContentType } from './admin-media';

describe('media uploads', () => {
  it('tell photos from videos, .mov included', () => {
    expect(mediaKind({ name: 'a.jpg', type: 'image/jpeg' })).toBe('photo');
    expect(mediaKind({ name: 'a.webp', type: 'image/webp' })).toBe('photo');
    expect(mediaKind({ name: 'clip.MOV', type: '' })).toBe('video');
    expect(mediaKind({ name: 'clip.mov', type: 'video/quicktime' })).toBe('video');
    expect(mediaKind({ name: 'clip.mp4', type: 'video/mp4' })).toBe('video');
    expect(mediaKind({ name: 'a.gif', type: 'image/gif' })).toBeNull();
    expect(mediaKind({ name: 'a.pdf', type: 'application/pdf' })).toBeNull();
  });

  it('store .mov as QuickTime video', () => {
    expect(videoContentType({ name: 'clip.mov', type: '' })).toBe('video/quicktime');
    expect(videoContentType({ name: 'clip.webm', type: '' })).toBe('video/webm');
    expect(videoContentType({ name: 'clip.mp4', type: 'video/mp4' })).toBe('video/mp4');
  });
});

describe('ordering', () => {
  it('moves an item and leaves the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
