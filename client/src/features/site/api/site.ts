// Site content (spec §7): the homepage slider, published organization info by display order,
// active board members, published achievements.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors-core';
import type { Database } from '@havyaka/sdk/database';
import { takeBootSlides } from '@/lib/boot';
import { sdk } from '@/lib/sdk';
import { activeSlides } from './active-slides';

type SliderRow = Database['public']['Tables']['homepage_slider']['Row'];

export const siteKeys = {
  all: ['site'] as const,
  slider: () => ['site', 'slider'] as const,
  organization: () => ['site', 'organization'] as const,
  board: () => ['site', 'board'] as const,
  achievements: () => ['site', 'achievements'] as const,
};

export const sliderQuery = () =>
  queryOptions({
    queryKey: siteKeys.slider(),
    queryFn: async () => {
      const request = () =>
        sdk().from('homepage_slider').select().eq('is_active', true).order('display_order');
      // The first time on the home page, the shell has asked already (../hero-boot.ts).
      const early = takeBootSlides();
      const slides = early
        ? await (early as Promise<SliderRow[]>).catch(async () => unwrap(await request()))
        : unwrap(await request());
      return activeSlides(slides);
    },
  });
export const useSlider = () => useQuery(sliderQuery());

export const useOrganization = () =>
  useQuery({
    queryKey: siteKeys.organization(),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('organization_info')
          .select()
          .eq('is_published', true)
          .order('display_order'),
      ),
  });

export const useBoard = () =>
  useQuery({
    queryKey: siteKeys.board(),
    queryFn: async () =>
      unwrap(
        await sdk().from('board_members').select().eq('is_active', true).order('display_order'),
      ),
  });

export const useAchievements = () =>
  useQuery({
    queryKey: siteKeys.achievements(),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('achievements')
          .select()
          .eq('status', 'published')
          .order('achievement_date', { ascending: false }),
      ),
  });
