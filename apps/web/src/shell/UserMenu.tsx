import '../app/styles-kit';
import { Menu, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconHeadset,
  IconKey,
  IconLogout,
  IconSparkles,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { store } from '../session/store';

export interface UserMenuProps {
  fullName: string;
  /** The profile picture's URL (issue 19), shown instead of the user icon. */
  avatar?: string | null;
  /** The AI assistant's item, when the user has it (spec §1: gpt flag). */
  onAiChat?: () => void;
  /** The consultation link for non-students (spec §1), when configured. */
  consultation?: string;
  onLogout: () => void;
  /** True when the plain button it replaces was pressed before this code arrived: open at once. */
  openedBefore?: RefObject<boolean>;
  /** True when the plain button it replaces has the focus: take it over. */
  focusedBefore?: RefObject<boolean>;
}

/**
 * The header's user menu on screens under 768 px (Mantine Menu: arrow keys, Esc, focus back to
 * the button): the user's name, the AI assistant, consultation, password change and logout, which
 * wide screens show in the header itself. Loaded for a signed-in user on a small screen when a
 * pointer or the focus reaches the header's plain user button (Header's LazyUserMenu).
 */
export default function UserMenu({
  fullName,
  avatar,
  onAiChat,
  consultation,
  onLogout,
  openedBefore,
  focusedBefore,
}: UserMenuProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(() => openedBefore?.current ?? false);
  useEffect(() => {
    if (focusedBefore?.current) button.current?.focus();
  }, [focusedBefore]);
  return (
    <Menu position="bottom-end" width={260} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UnstyledButton
          ref={button}
          className="header__user-button"
          aria-label={t('shell.userMenu')}
        >
          {avatar ? (
            <img className="header__avatar" src={avatar} alt="" width={24} height={24} />
          ) : (
            <IconUserCircle size={24} stroke={1.75} aria-hidden="true" />
          )}
          <IconChevronDown size={14} aria-hidden="true" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label className="header__menu-name">{fullName}</Menu.Label>
        {onAiChat && (
          <Menu.Item leftSection={<IconSparkles size={18} aria-hidden="true" />} onClick={onAiChat}>
            {t('header.aiChat')}
          </Menu.Item>
        )}
        {consultation && (
          <Menu.Item
            component="a"
            href={consultation}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconHeadset size={18} aria-hidden="true" />}
          >
            {t('consultation.title')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconKey size={18} aria-hidden="true" />}
          onClick={() => store.set({ passwordModal: 'open' })}
        >
          {t('password.title')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={18} aria-hidden="true" />} onClick={onLogout}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
