import {
  MantineProvider,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './router';
import { useAppState } from '../session/store';
import { loadNotifications, setNavigator } from './services';

const Notifications = lazy(() =>
  loadNotifications().then((m) => ({ default: () => <m.Notifications position="bottom-right" /> })),
);

/**
 * The Sabaq blue, light to dark. Shade 6 (#1c64c8, the filled buttons) and 7 (#164f9e, hover and
 * links) are `--sabaq-blue` and `--sabaq-blue-dark` of shell.css; both keep white text above WCAG
 * AA (Mantine's own blue 6 does not).
 */
const SABAQ_BLUE: MantineColorsTuple = [
  '#eaf1fb',
  '#d4e3f7',
  '#a9c6ee',
  '#7aa6e4',
  '#5089d9',
  '#3276d0',
  '#1c64c8',
  '#164f9e',
  '#113d7b',
  '#0b2a56',
];

/**
 * The kit's resolver, except that a subtle or transparent control keeps the shade it asks for:
 * Mantine caps it at 6, so `color="red.9"` (a quiet "sign out" or "delete") became #fa5252 text,
 * 3.4:1 on white, below WCAG AA (axe's colour-contrast check).
 */
export const sabaqVariantColors: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'subtle' && input.variant !== 'transparent') return resolved;
  const parsed = parseThemeColor({
    color: input.color || input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || parsed.shade === undefined || parsed.shade <= 6) return resolved;
  return { ...resolved, color: `var(--mantine-color-${parsed.color}-${parsed.shade})` };
};

/**
 * The design tokens of apps/web/README.md ("Design guide") as the kit's theme: colours, the
 * spacing, type and radius scales, the spec §9 breakpoints, and the kit's own English aria labels
 * replaced by the kz/ru catalogue (the page reloads on a language switch, spec §1).
 */
export function sabaqTheme(t: TFunction) {
  return createTheme({
    colors: { sabaq: SABAQ_BLUE },
    primaryColor: 'sabaq',
    primaryShade: 6,
    black: '#1b1f24',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    fontSizes: { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '20px' },
    lineHeights: { xs: '1.4', sm: '1.45', md: '1.5', lg: '1.5', xl: '1.5' },
    headings: {
      fontWeight: '700',
      sizes: {
        h1: { fontSize: '26px', lineHeight: '1.25' },
        h2: { fontSize: '22px', lineHeight: '1.3' },
        h3: { fontSize: '18px', lineHeight: '1.35' },
      },
    },
    spacing: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px' },
    radius: { xs: '4px', sm: '6px', md: '8px', lg: '12px', xl: '16px' },
    defaultRadius: 'sm',
    variantColorResolver: sabaqVariantColors,
    // Spec §9 breakpoints (sm 576, md 768, lg 1009, xl 1600 px) under the kit's own names.
    breakpoints: { xs: '30em', sm: '36em', md: '48em', lg: '63.0625em', xl: '100em' },
    components: {
      // Mantine's dimmed description grey is below WCAG AA on white; this one passes (axe check).
      InputWrapper: { styles: { description: { color: '#4a5361' } } },
      PasswordInput: {
        // Reachable by keyboard too (the kit skips it in the tab order by default).
        defaultProps: {
          visibilityToggleFocusable: true,
          visibilityToggleButtonProps: { 'aria-label': t('ui.passwordVisibility') },
        },
      },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
      Scroller: {
        defaultProps: {
          startControlProps: { 'aria-label': t('ui.scrollLeft') },
          endControlProps: { 'aria-label': t('ui.scrollRight') },
        },
      },
    },
  });
}

/**
 * The kit's greys and reds tuned to WCAG AA on white: its own dimmed text (#868e96, 3.3:1: hints,
 * descriptions, notification texts) and error red (#fa5252, 3.4:1) fail axe's contrast check.
 */
export const sabaqCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#4a5361', '--mantine-color-error': '#c92a2a' },
  dark: {},
});

export function App() {
  const { t, i18n } = useTranslation();
  const router = useMemo(() => {
    const created = createRouter();
    setNavigator((to, options) => void created.navigate(to, options));
    return created;
  }, []);
  // `t` follows the language: one theme per language (a switch reloads the page anyway).
  const theme = useMemo(() => sabaqTheme(t), [t, i18n.language]);
  const noticesMounted = useAppState((s) => s.noticesMounted);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={sabaqCssVariables}>
      {noticesMounted && (
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      )}
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
