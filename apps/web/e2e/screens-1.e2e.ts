// @vitest-environment node
import { walkScreens } from './screens-walker';

// The every-screen walker, part 1 of 3 (see screens-walker.ts).
walkScreens(1, 3);
