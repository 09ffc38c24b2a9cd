// The UI kit's CSS that every page needs, in the entry chunk: the baseline, the theme's variables
// and global rules, and what notifications draw with. The landing and login pages render nothing
// else from the kit, so they fetch nothing more. Every other screen loads styles-kit.ts with its
// chunk (screens/lazy.ts).
//
// Mantine's `.layer.css` builds put its rules in the `mantine` cascade layer: unlayered app CSS
// always wins over them, whatever order the chunks' styles arrive in. Inside that layer the later
// of two equal rules wins, so the sheets keep the order of Mantine's full sheet: UnstyledButton's
// reset (transparent, no border, no padding) before every button built on it (CloseButton here,
// Button, ActionIcon, Tabs… in styles-kit.ts, which loads after this).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
