import { CloseButton, MantineProvider, Modal, PasswordInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { sabaqCssVariables, sabaqTheme } from './App';
import { initTestI18n } from '../test/i18n';

beforeAll(() => initTestI18n('kz'));

describe('the kit speaks kz/ru (issue 18: no English in the UI)', () => {
  for (const [lang, toggle, close] of [
    ['kz', 'Құпиясөзді көрсету немесе жасыру', 'Жабу'],
    ['ru', 'Показать или скрыть пароль', 'Закрыть'],
  ] as const)
    it(`labels the password toggle and the modal close button in ${lang}`, async () => {
      await i18next.changeLanguage(lang);
      render(
        <MantineProvider theme={sabaqTheme(i18next.t)}>
          <PasswordInput label="P" />
          <Modal opened onClose={() => {}} title="M" transitionProps={{ duration: 0 }}>
            <CloseButton aria-label="x" />
          </Modal>
        </MantineProvider>,
      );
      const button = screen.getByRole('button', { name: toggle, hidden: true });
      // Reachable by keyboard.
      expect(button.getAttribute('tabindex')).not.toBe('-1');
      expect(await screen.findByRole('button', { name: close })).toBeTruthy();
      expect(document.body.innerHTML).not.toMatch(/Toggle password visibility/);
    });
});

describe("the kit's greys and reds pass WCAG AA (axe found notifications and hints at 3.3:1)", () => {
  it('sets the dimmed and error colours of the light scheme', () => {
    render(
      <MantineProvider theme={sabaqTheme(i18next.t)} cssVariablesResolver={sabaqCssVariables}>
        <p>x</p>
      </MantineProvider>,
    );
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(/--mantine-color-dimmed:\s*#4a5361/);
    expect(css).toMatch(/--mantine-color-error:\s*#c92a2a/);
  });
});
