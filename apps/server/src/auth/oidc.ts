/** OpenID Connect sign-in settings (environment: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back; defaults to {publicUrl}/api/v2/os/auth/oauth/callback. */
  redirectUri?: string;
  /** Allow http:// issuers (loopback tests and local providers only). */
  allowInsecure?: boolean;
  /** Claim holding the IIN, when the provider sends one (default `iin`). */
  iinClaim?: string;
}
