#import <UIKit/UIKit.h>

@interface ListViewController : UITableViewController
@property (nonatomic, strong) UIButton *refreshButton;
@end
