// All of the UI kit's component CSS, loaded with the first screen that uses the kit (see
// styles-base.ts for why it is layered and split).
import '@mantine/core/styles.layer.css';
