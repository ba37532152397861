export type CommentView = {
  id: number;
  content: string;
  authorName: string | null;
  isAdmin: boolean;
  createdAt: string;
};
