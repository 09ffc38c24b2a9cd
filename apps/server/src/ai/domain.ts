import type { Domain } from '../domain';
import { registerAiRoutes } from './routes';

/** The shell's AI assistant (an OpenAI-compatible service, optional). */
export const aiDomain: Domain = { name: 'ai', routes: registerAiRoutes };
