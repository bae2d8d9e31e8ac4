import type { PageGeometry } from '../../document-view/pdf-pages.tsx';
import type { EditorTag } from '../tag-editor-state.ts';

/** A document the editor shows: its pages' geometry and where its PDF is downloaded. */
export interface EditorDocument {
  id: string;
  name: string;
  pages: PageGeometry[];
  path: string;
}

/** What an action may ask of the editor. */
export interface EditorControls {
  /**
   * Takes the custodian to a recipient who still needs a signature: chooses them, arms the
   * signature tag and scrolls to the page of their first tag (page 1 if they have none).
   */
  showRecipient: (key: string) => void;
}

export interface EditorAction {
  label: string;
  testId: string;
  primary?: boolean;
  /** Failures are shown by the editor. */
  run: (tags: Record<string, EditorTag[]>, editor: EditorControls) => Promise<void>;
}
