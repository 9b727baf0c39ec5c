import { DEFAULT_THEME, convertCssVariables, defaultCssVariablesResolver, mergeMantineTheme, type ConvertCSSVariablesInput } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

type Variables = ConvertCSSVariablesInput['variables'];

/** The variables of `merged` whose value differs from `mantineDefault`'s. */
const changedFrom = (mantineDefault: Variables, merged: Variables): Variables =>
  Object.fromEntries(Object.entries(merged).filter(([name, value]) => mantineDefault[name as keyof Variables] !== value));

/**
 * The portal theme's CSS variables, as Mantine's provider would write them into a <style> element
 * on every page load: those of the theme and of `cssVariablesResolver` that differ from the ones
 * Mantine's own stylesheet already sets. The build puts them in the portal's stylesheet instead
 * (vite.config.ts), so the first render does not compute them: 7 to 14 ms of the main thread at
 * 1×, in one piece of the render that could not be split.
 */
export function themeVariablesCss(): string {
  const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);
  const mantineDefaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const generated = defaultCssVariablesResolver(fullTheme);
  const portals = cssVariablesResolver(fullTheme);
  return convertCssVariables({
    variables: changedFrom(mantineDefaults.variables, { ...generated.variables, ...portals.variables }),
    light: changedFrom(mantineDefaults.light, { ...generated.light, ...portals.light }),
    dark: changedFrom(mantineDefaults.dark, { ...generated.dark, ...portals.dark }),
  });
}
