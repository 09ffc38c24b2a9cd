import { MENU } from '@sabaq/platform';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from './menu-icons';

describe('left-menu icons', () => {
  it('gives every menu route its own icon, and no icon to a route outside the menu', () => {
    const routes = MENU.map((item) => item.route);
    expect(routes.filter((route) => !MENU_ICONS[route])).toEqual([]);
    expect(Object.keys(MENU_ICONS).filter((route) => !routes.includes(route as never))).toEqual([]);
  });
});
