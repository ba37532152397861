/** The public, non-secret settings every page needs (from the root loader). */
export type HuntConfig = {
  name: string;
  tagline: string;
  socialPhotosUrl: string;
  socialForumUrl: string;
  socialPhotosLabel: string;
  socialForumLabel: string;
  contactEmail: string;
};
