// @vitest-environment node
import { walkScreens } from './screens-walker';

// The every-screen walker, part 3 of 3 (see screens-walker.ts).
walkScreens(3, 3);
