import type { FastifyInstance } from 'fastify';
import { helpCentre } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { endpointRegistrar, type UserRequestContext } from '../../http/route';
import { operatorRegistrar } from '../staff/operator-registrar';
import { findVisibleArticle, listVisibleArticles, visibleCategories } from './help-repository';
import { operatorArticle, operatorArticles, operatorCategories } from './help-operator-repository';
import { saveArticle, saveCategory, setArticleVisible, setCategoryVisible, type Editor } from './help-editing-service';

/**
 * The help centre (issue 15 part 2; the contract's `helpCentre` endpoints): categories and articles
 * in the customer's language with an English fallback, and the operator's editing (support or admin;
 * issue 16 adds a content role), every change audited and every article sanitized on save.
 */
export function helpCentreFeature(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);

  register(helpCentre.helpCenterCategories, async ({ context: request }) => {
    const rows = await visibleCategories(db, request.language);
    return { rows, total: rows.length };
  });

  register(helpCentre.helpCenterList, async ({ query, context: request }) =>
    listVisibleArticles(db, request.language, query),
  );

  register(helpCentre.helpCenterDetail, async ({ query, context: request }) => {
    const article = await findVisibleArticle(db, request.language, query.id);
    // A hidden article reads exactly like one that does not exist.
    if (!article) refuse('error.help_article_not_found');
    return article;
  });

  // ---- Operator API: staff tokens; support or admin. ----
  const operator = operatorRegistrar(app, context);
  const editor = async (request: UserRequestContext): Promise<Editor> => {
    // The roles are the endpoints' staffRoles (admin, support, content), checked by the registrar.
    return { staffId: request.user.userId, now: context.clock() };
  };

  operator(helpCentre.operatorHelpCategories, async ({ context: request }) => {
    await editor(request);
    return operatorCategories(db);
  });

  operator(helpCentre.operatorHelpCategorySave, async ({ body, context: request }) =>
    saveCategory(db, await editor(request), body),
  );

  operator(helpCentre.operatorHelpCategoryVisibility, async ({ body, context: request }) =>
    setCategoryVisible(db, await editor(request), body),
  );

  operator(helpCentre.operatorHelpArticles, async ({ query, context: request }) => {
    await editor(request);
    return operatorArticles(db, query);
  });

  operator(helpCentre.operatorHelpArticleDetail, async ({ query, context: request }) => {
    await editor(request);
    const article = await operatorArticle(db, query.id);
    if (!article) refuse('error.help_article_not_found');
    return article;
  });

  operator(helpCentre.operatorHelpArticleSave, async ({ body, context: request }) =>
    saveArticle(db, await editor(request), body),
  );

  operator(helpCentre.operatorHelpArticleVisibility, async ({ body, context: request }) =>
    setArticleVisible(db, await editor(request), body),
  );
}
