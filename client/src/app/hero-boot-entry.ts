// The inline script of index.html's head (built by vite.config.ts): see hero-boot.ts.
import { startHeroBoot } from '@/features/site/hero-boot';

startHeroBoot();
