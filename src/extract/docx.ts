// .docx text with mammoth. A .docx stores no page layout, so pages here are the spans between explicit
// page breaks (one page when there are none). Mammoth's own raw-text output drops line breaks (joining
// the words on either side) and page breaks, so the text is taken from its document tree instead.
import mammoth from 'mammoth';
import type { ExtractContext } from './context';
import { markHeading, takeHeadings, withoutMarks } from './headings';
import { type ExtractedDocument, asCorrupt } from './types';
import { verifyZipContainer } from './zipArchive';

const PAGE_BREAK = '\f';

/** The subset of mammoth's document model read here (its elements are plain objects). */
interface DocxElement {
  type: string;
  children?: DocxElement[];
  value?: string;
  breakType?: 'line' | 'page' | 'column';
  noteType?: string;
  styleId?: string | null;
  styleName?: string | null;
  noteId?: string;
  body?: DocxElement[];
}
interface DocxDocument extends DocxElement {
  notes: { resolve(reference: DocxElement): DocxElement | null };
}

export async function extractDocx(bytes: Buffer, ctx: ExtractContext): Promise<ExtractedDocument> {
  await verifyZipContainer(bytes, ctx.limits, ctx.zipBudget);
  let body = '';
  let notes = '';
  let warnings = 0;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        // The tree is read here and returned unchanged; the HTML mammoth then writes is not used.
        transformDocument: (document: DocxDocument) => {
          const noteTexts: string[] = [];
          body = renderElements(document.children ?? [], (ref) => {
            const note = document.notes.resolve(ref);
            // A note's text joins the last page: its headings are no section headings.
            if (note?.body) noteTexts.push(withoutMarks(renderElements(note.body, () => undefined)).trim());
          });
          notes = noteTexts.filter(Boolean).join('\n');
          return document;
        },
        // Never read image bytes (the default inlines every image as base64).
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    warnings = result.messages.filter((m) => m.type === 'warning').length;
  } catch (error) {
    throw asCorrupt(error, 'unreadable .docx');
  }

  const segments = body
    .split(PAGE_BREAK)
    .map((segment) => takeHeadings(segment, { trim: 'end' }))
    .filter((segment) => segment.text);
  if (notes) {
    const last = segments.pop();
    const text = `${last ? last.text + '\n\n' : ''}Notes:\n${takeHeadings(notes, { trim: 'end' }).text}`;
    segments.push({ text, headings: last?.headings ?? [] });
  }
  return {
    pages: segments.map(({ text, headings }, i) => ({
      pageNumber: i + 1,
      text,
      ...(headings.length > 0 ? { headings } : {}),
    })),
    metadata: {
      pageCount: segments.length,
      pagination: 'explicit page breaks',
      pageBreaks: body.split(PAGE_BREAK).length - 1,
      ...(warnings > 0 ? { warnings } : {}),
    },
  };
}

function renderElements(elements: DocxElement[], onNote: (reference: DocxElement) => void): string {
  const render = (element: DocxElement): string => {
    switch (element.type) {
      case 'text':
        return withoutMarks(element.value ?? '');
      case 'tab':
        return '\t';
      case 'break':
        return element.breakType === 'page' ? PAGE_BREAK : '\n';
      case 'paragraph': {
        const level = headingLevel(element);
        const text = renderAll(element.children);
        return (level ? markHeading(level, text) : text) + '\n\n';
      }
      case 'table':
        return renderAll(element.children) + '\n';
      case 'tableRow':
        return (element.children ?? []).map(render).join('\t') + '\n';
      case 'tableCell':
        // A cell is one line of its row: a heading inside it is no section heading.
        return withoutMarks(renderAll(element.children)).replace(/\s+/g, ' ').trim();
      case 'noteReference':
        onNote(element);
        return '';
      default:
        return renderAll(element.children);
    }
  };
  const renderAll = (children: DocxElement[] | undefined) => (children ?? []).map(render).join('');
  return renderAll(elements);
}

/** A paragraph's heading level from its style (Word's built-in "Heading 1" to "Heading 6"), if it is one. */
function headingLevel(paragraph: DocxElement): number | undefined {
  const style =
    /^heading ?([1-6])$/i.exec(paragraph.styleName ?? '') ?? /^heading([1-6])$/i.exec(paragraph.styleId ?? '');
  return style ? Number(style[1]) : undefined;
}
