#import <UIKit/UIKit.h>

@interface StoryboardListViewController : UITableViewController
@end
