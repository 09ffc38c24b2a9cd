import type { App, AppContext } from '../http/context';
import { cloudPayments, cloudPaymentsConfig } from './cloudpayments';
import { registerCommerceRoutes } from './commerce-routes';
import { registerNotificationRoutes } from './notification-routes';
import { registerProfileRoutes } from './profile-routes';
import { registerRefundRoutes } from './refund-routes';
import { registerAvatarRoutes } from './avatar-routes';

/**
 * Commerce (issue 19): tariffs, checkout, balance, receipts and the provider's notifications.
 * The card provider comes from the environment (cloudpayments.ts); without it card payment says
 * plainly that it is not connected and the balance keeps working.
 */
export function registerCommerce(
  app: App,
  ctx: AppContext,
  env: NodeJS.ProcessEnv = process.env,
  now: () => Date = () => new Date(),
): void {
  const config = cloudPaymentsConfig(env);
  const provider = config ? cloudPayments(config) : null;
  registerCommerceRoutes(app, ctx, provider, now);
  registerNotificationRoutes(app, ctx, provider, now);
  registerProfileRoutes(app, ctx);
  registerRefundRoutes(app, ctx, now);
  registerAvatarRoutes(app, ctx);
}
