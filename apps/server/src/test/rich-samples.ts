/**
 * The kz/ru rich text a sample document of a library is written with (the kindergarten's
 * sections, the methodical cabinet): one paragraph in each language.
 */
export const sampleRichBody = () => ({
  kz: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Мәтін' }] }],
  },
  ru: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Текст' }] }],
  },
});
