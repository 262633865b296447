import { useSearchParams } from 'react-router-dom';
import { idParameter } from '../../../shared/id-parameter';
import '../i18n-english';
import HelpArticleScreen from './HelpArticleScreen';
import HelpListScreen from './HelpListScreen';
import './help.css';

/**
 * `/pages/QA/QA`: the help centre. The list (search, categories, articles) or, with `?id=<article>`,
 * one article: the same route, so the spec's route table stays as it is and back returns to the list.
 */
export default function HelpScreen() {
  const [parameters] = useSearchParams();
  const raw = parameters.get('id');
  if (raw === null) return <HelpListScreen />;
  return <HelpArticleScreen id={idParameter(raw)} />;
}
